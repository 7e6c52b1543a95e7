<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="crusader_saladin_2nd_tiles" tilewidth="32" tileheight="32" tilecount="1344" columns="32">
 <image source="crusader_saladin_2nd_tiles.png" width="1024" height="1344"/>
</tileset>
