<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="crimson_keep_tiles" tilewidth="64" tileheight="64" tilecount="13" columns="13">
 <image source="crimson_keep_tiles.png" width="832" height="64"/>
 <tile id="0">
  <properties>
   <property name="kind" value="sky"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="keep_left"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="keep_right"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="ground"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="gate_left"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="gate_right"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="air"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="monolith"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="kind" value="rock"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="kind" value="track"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="kind" value="wood_left"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="kind" value="wood_right"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="kind" value="supply"/>
  </properties>
 </tile>
</tileset>
